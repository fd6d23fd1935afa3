/// How long a test waits for something that normally happens within a second (a prompt, a
/// line of output, a process ending, a damaged-file read finishing) before calling it a hang.
///
/// A deadline only bounds a failure: a working test returns as soon as what it waits for has
/// happened, so a long one costs nothing. A short one fails a correct build on a machine whose
/// cores are busy with other work (a debug build under two busy loops starts and answers
/// several times slower), which is why every such wait in the suites uses this one figure.
public enum Patience {
    public static let seconds: Double = 120
}
