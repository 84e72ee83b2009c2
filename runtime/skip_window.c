#include "skip_window.h"

OMPR_TLS struct skip_window t_skip_window;
