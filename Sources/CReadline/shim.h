// GNU readline expects FILE from stdio.h to be declared before its headers.
#include <stdio.h>
#include <readline/readline.h>
#include <readline/history.h>
