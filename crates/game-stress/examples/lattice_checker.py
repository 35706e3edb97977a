"""A checker in the testlib convention for `game-stress --checker`: run as
`lattice_checker.py INPUT OUTPUT ANSWER`; exit status 0 accepted, 1 wrong answer, 2 presentation
error, with a one-line comment on standard error. It reads the score difference as one integer,
whatever the spacing around it.
"""
import sys

_, _, output, answer = sys.argv
got = open(output).read().split()
want = open(answer).read().split()
if len(got) != 1 or not got[0].lstrip("-").isdigit():
    print("expected one integer, got %r" % " ".join(got)[:40], file=sys.stderr)
    sys.exit(2)
if int(got[0]) != int(want[0]):
    print("expected %s, got %s" % (want[0], got[0]), file=sys.stderr)
    sys.exit(1)
print("ok %s" % got[0], file=sys.stderr)
