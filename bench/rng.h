/*
 * rng.h - the benchmark generators' random numbers: xorshift64*, fast,
 * deterministic for a seed, good enough for shuffling and picking cards.
 */
#ifndef DK_BENCH_RNG_H
#define DK_BENCH_RNG_H

static unsigned long long rng_state = 88172645463325252ULL;

/* mix a seed into the state */
static inline void rng_seed(unsigned long long seed)
{
	rng_state ^= seed * 0x9E3779B97F4A7C15ULL;
}

/* a number from 0 to n - 1 */
static inline unsigned rnd(unsigned n)
{
	rng_state ^= rng_state >> 12;
	rng_state ^= rng_state << 25;
	rng_state ^= rng_state >> 27;
	return (unsigned)((rng_state * 2685821657736338717ULL) >> 33) % n;
}

#endif
