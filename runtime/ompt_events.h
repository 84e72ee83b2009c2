/* The OMPT callbacks that build the OSPG (ompt_events.c). */
#ifndef OMPRACER_OMPT_EVENTS_H
#define OMPRACER_OMPT_EVENTS_H

/* Registers every callback through OMPT's lookup function (ompt_function_lookup_t). */
void ompt_events_register(void *lookup_fn);

#endif
