// CPrefetch is a header: realm_prefetch is inlined into its Swift callers. SwiftPM builds a
// C target from at least one source file, so this one is empty.
#include "CPrefetch.h"
