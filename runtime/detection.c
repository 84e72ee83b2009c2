#include "detection.h"

atomic_bool g_detecting;
