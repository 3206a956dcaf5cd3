#!/bin/sh
# Fail if groff has anything to say about a man page (warnings included).
status=0
for page in "$@"; do
	out=$(groff -man -ww -z "$page" 2>&1)
	if [ -n "$out" ]; then
		printf '%s:\n%s\n' "$page" "$out"
		status=1
	fi
done
exit $status
