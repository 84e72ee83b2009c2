#include "history_more.h"

const struct slot_more g_slot_more_none; /* extern in history_more.h */
