#include <cmark.h>
#include <stdlib.h>
