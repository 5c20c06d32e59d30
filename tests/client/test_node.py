"""The client's pure modules under Node's own test runner (tests/client/*.test.mjs)."""

from tests.client.nodejs import CLIENT_TESTS, run_node


def test_the_node_unit_tests_pass():
    done = run_node("--test", str(CLIENT_TESTS.relative_to(CLIENT_TESTS.parent.parent)) + "/")
    assert done.returncode == 0, f"node --test failed:\n{done.stdout}\n{done.stderr}"
