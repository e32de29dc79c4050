# C types for the compiled build only (Cython reads this file beside state.py; the pure-Python package
# never sees it). A pending decision is an extension type whose three fields are C slots: the engine
# makes one or two a move, and Pending.__init__ writes the fields directly (the pure build goes past its
# own __setattr__ through the slots' descriptors). Users still cannot change one: __setattr__ refuses.
cdef class Pending:
    cdef public object kind
    cdef public object seat
    cdef public object data
