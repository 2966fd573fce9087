"""Issue 17: Resett's SCIM 2.0 endpoint checked by scim2-tester, a SCIM conformance tool from PyPI, over a real socket
against the real server (the same one the browser journeys use). Every check must succeed; the one allowed to be
skipped is the server-wide POST /.search, which Resett answers 501 as RFC 7644 §3.12 allows (Users are its only type)."""
import os
import subprocess

from httpx2 import Client
from scim2_client.engines.httpx2 import SyncSCIMClient
from scim2_tester import Status, check_server

from conftest import ROOT


def test_the_scim_endpoint_passes_the_conformance_tool(server):
    token = subprocess.run([os.path.join(ROOT, ".build", "debug", "resett"), "tenant", "scim-token", "--tenant", "default",
                            "--db", os.environ["RESETT_TEST_DB"], "--root", ROOT],
                           text=True, check=True, capture_output=True).stdout.strip()
    assert len(token) == 64
    http = Client(base_url=server + "/scim/v2", headers={"Authorization": f"Bearer {token}"})
    client = SyncSCIMClient(http)
    client.discover()
    results = check_server(client)
    failed = [f"{r.status.name} {r.title}: {r.reason}" for r in results
              if r.status != Status.SUCCESS and not (r.status == Status.SKIPPED and r.title == "search_with_attributes")]
    succeeded = [r for r in results if r.status == Status.SUCCESS]
    assert failed == [], "\n".join(failed)
    assert len(succeeded) >= 30, f"only {len(succeeded)} checks ran"
    # A token that is not this tenant's is refused by every endpoint.
    refused = Client(base_url=server + "/scim/v2", headers={"Authorization": "Bearer " + "0" * 64}).get("/Users")
    assert refused.status_code == 401 and refused.headers["content-type"] == "application/scim+json"
