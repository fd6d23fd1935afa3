// The exact JSON parser the tests read dumps with lives in BrowserKit (it also reads dumps for
// `load`); test targets get it through TestSupport.
@_exported import BrowserKit
