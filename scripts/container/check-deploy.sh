#!/usr/bin/env bash
# Static checks of deploy/ (no compose engine or systemd runs here): both compose files parse
# and what they reference exists (services, volumes, files, the build context's Dockerfile);
# the Caddyfile is valid for Caddy; the systemd unit passes `systemd-analyze verify` without a
# warning. Needs python3 with PyYAML, caddy and systemd-analyze.
set -euo pipefail
cd "$(dirname "$0")/../../deploy"

# Debian's python3 (with python3-yaml) rather than another one first on PATH.
python=/usr/bin/python3
[ -x "$python" ] || python=python3
"$python" - <<'PY'
import os, sys, yaml

def check(path, required):
    doc = yaml.safe_load(open(path))
    services, volumes = doc["services"], set(doc.get("volumes") or {})
    for name in required:
        assert name in services, f"{path}: no service {name}"
    for name, service in services.items():
        assert "image" in service, f"{path}: {name} has no image"
        for dep in service.get("depends_on") or {}:
            assert dep in services, f"{path}: {name} depends on unknown service {dep}"
        for mount in service.get("volumes") or []:
            source = mount.split(":")[0]
            if source.startswith("."):
                assert os.path.exists(source), f"{path}: {name} mounts missing {source}"
            else:
                assert source in volumes, f"{path}: {name} mounts undeclared volume {source}"
        if "build" in service:
            context = service["build"]["context"]
            assert os.path.isfile(os.path.join(context, "Dockerfile")), f"{path}: {name}: no Dockerfile in {context}"
        if service.get("image") == "sharebin:latest":
            assert service.get("read_only") is True and "/tmp" in service.get("tmpfs", []), f"{path}: {name} not read-only with a tmpfs on /tmp"
    return services

check("compose.yaml", ["sharebin"])
services = check("compose.scale.yaml", ["postgres", "redis", "minio", "minio-bucket", "sharebin-1", "sharebin-2", "caddy"])
one, two = services["sharebin-1"]["environment"], services["sharebin-2"]["environment"]
assert one == two, "the two instances have different settings"
for variable in ["DATABASE_URL", "REDIS_URL", "SECRET_KEY", "TRUST_PROXY", "PUBLIC_URL"]:
    assert variable in one, f"compose.scale.yaml: instances lack {variable}"
assert one["DATABASE_URL"].startswith("postgres://"), "DATABASE_URL is not PostgreSQL"
print("compose files: ok")
PY

caddy validate --adapter caddyfile --config Caddyfile.scale >/dev/null 2>&1 ||
  { caddy validate --adapter caddyfile --config Caddyfile.scale; exit 1; }
caddy adapt --config Caddyfile.scale 2>/dev/null | grep -q '"uri":"/api/ready"' ||
  { echo "Caddyfile.scale: no active health check on /api/ready" >&2; exit 1; }
echo "Caddyfile.scale: ok"

warnings=$(systemd-analyze verify ./sharebin.service 2>&1) || { echo "$warnings" >&2; exit 1; }
[ -z "$warnings" ] || { echo "sharebin.service: $warnings" >&2; exit 1; }
echo "sharebin.service: ok"
