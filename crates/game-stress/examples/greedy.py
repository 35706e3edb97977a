"""A wrong solution of Library Checker `general_matching`, for trying game-stress.

It takes the edges in input order, each one whose two ends are both still free: always a
matching, not always a maximum one.
"""
import sys

data = sys.stdin.read().split()
n, m = int(data[0]), int(data[1])
free = [True] * n
chosen = []
for i in range(m):
    u, v = int(data[2 + 2 * i]), int(data[3 + 2 * i])
    if free[u] and free[v]:
        free[u] = free[v] = False
        chosen.append((u, v))
print(len(chosen))
for u, v in chosen:
    print(u, v)
