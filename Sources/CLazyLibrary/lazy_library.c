#include "lazy_library.h"
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>

static void fail(const resett_lazy_library *library, const char *what) {
    const char *reason = dlerror();
    fprintf(stderr, "resett: cannot use %s (%s): %s. Install the Debian package %s.\n", library->soname, what,
            reason ? reason : "not found", library->package);
    abort();
}

void *resett_lazy_symbol(resett_lazy_library *library, const char *name) {
    void *handle = atomic_load_explicit(&library->handle, memory_order_acquire);
    if (handle == NULL) {
        pthread_mutex_lock(&library->lock);
        handle = atomic_load_explicit(&library->handle, memory_order_relaxed);
        if (handle == NULL) {
            // RTLD_LOCAL: its symbols serve only the look-ups below, never another library's.
            handle = dlopen(library->soname, RTLD_NOW | RTLD_LOCAL);
            if (handle == NULL) fail(library, "opening it");
            atomic_store_explicit(&library->handle, handle, memory_order_release);
        }
        pthread_mutex_unlock(&library->lock);
    }
    void *symbol = dlsym(handle, name);
    if (symbol == NULL) fail(library, name);
    return symbol;
}
