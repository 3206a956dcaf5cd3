/*
 * leakcheck.h - make a leak fail the test that caused it.
 *
 * Criterion runs each test in a worker process whose exit code does not
 * reflect LeakSanitizer's report (RELIABILITY.md), so every suite runs this
 * check after each test when built with AddressSanitizer.  Use
 *   TestSuite(name, .fini = dk_leak_check);
 */
#ifndef DK_LEAKCHECK_H
#define DK_LEAKCHECK_H

#include <criterion/criterion.h>

#if defined(__SANITIZE_ADDRESS__)
#include <sanitizer/lsan_interface.h>
#include <stdio.h>
#include <stdlib.h>
static void dk_leak_check(void)
{
	/* an assertion in .fini does not fail the test; a crash does */
	if (__lsan_do_recoverable_leak_check() != 0) {
		fputs("memory leaked in this test (LeakSanitizer report above)\n", stderr);
		abort();
	}
}
#else
static void dk_leak_check(void)
{
}
#endif

#endif
