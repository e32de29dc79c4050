# C types for the compiled build only (Cython reads this file beside fuel.py; the pure-Python package
# never sees it): a fare is worked out in C integers (the planet masks stay Python ints, for bit_count()).
# Build options call it for every team and site, as a C function (build.pxd).
cimport cython

@cython.locals(po=object, pd=object, k=long, best=long, dist=long, v=long)
cpdef long fare(data, long origin, long dest, long speed, bases, mask) except? -1
