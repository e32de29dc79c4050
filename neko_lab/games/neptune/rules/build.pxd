# C types for the compiled build only (Cython reads this file beside build.py; the pure-Python package
# never sees it): the loop over a seat's teams and build sites compares and adds C integers, and calls
# fuel.fare as a C function.
cimport cython
from neko_lab.games.neptune.rules.fuel cimport fare

@cython.locals(credits=long, fuel=long, t=long, k=long, at=long, flags=long, loc=long, cost=long,
               extra=long, paid=long, once=bint, can_move=bint)
cpdef list options(s, seat)
