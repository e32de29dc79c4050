# C types for the compiled build only (Cython reads this file beside rng.py; the pure-Python package
# never sees it): the generator's state is one unsigned 64-bit C word, so a draw is a few machine
# instructions instead of about ten operations on Python integers. C arithmetic on it wraps modulo
# 2**64, exactly what the Python code's `& _MASK` does, so both builds draw the same numbers.
cimport cython

cdef unsigned long long _MASK, _GOLDEN, _MIX1, _MIX2

cdef class Rng:
    cdef public unsigned long long state

    @cython.locals(s=cython.ulonglong)
    cpdef unsigned long long next64(self)
