"""The server's startup objects are kept out of the garbage collector's full collections."""

import gc

from app.__main__ import settle_the_heap


def test_what_startup_made_is_frozen_out_of_full_collections():
    before = gc.get_freeze_count()
    try:
        settle_the_heap()
        assert gc.get_freeze_count() > before
    finally:
        gc.unfreeze()
