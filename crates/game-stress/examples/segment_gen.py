"""A testlib-style generator for `game-stress --generator`: one segment-nim input for the seed
given as its argument (up to three circles of up to 30 fields, a pawn on about a third of them).
"""
import random
import sys

r = random.Random(int(sys.argv[1]))
boards = []
for _ in range(r.randint(1, 3)):
    n = r.randint(1, 30)
    fields = sorted(r.sample(range(1, n + 1), r.randint(0, n // 3)))
    white = [f for f in fields if r.random() < 0.5]
    black = [f for f in fields if f not in white]
    boards.append("%d %d %d\n%s\n%s" % (n, len(white), len(black), " ".join(map(str, white)), " ".join(map(str, black))))
print(len(boards))
print("\n".join(boards))
