# C types for the compiled build only (Cython reads this file beside events.py; the pure-Python package
# never sees it): the log is an extension type, so State.emit's Log.add writes its head and count (a C
# integer) without a Python attribute lookup, and every clone's Log.copy makes one without __dict__ work.
cdef class Log:
    cdef public object _head
    cdef public Py_ssize_t _n
    cdef public tuple _views
