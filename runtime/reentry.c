#include "reentry.h"

OMPR_TLS volatile unsigned t_in_runtime;
