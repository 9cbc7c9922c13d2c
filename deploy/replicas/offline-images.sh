#!/usr/bin/env bash
# Stand-ins for the public images deploy/replicas/compose.yaml names (node, postgres, redis,
# haproxy), built from Debian's packages, for a Docker daemon that cannot pull from Docker Hub but
# reaches Debian's package mirror (the machines this project is built on: decision 129, stop 54).
# Each keeps the interface the compose file and the Dockerfile use of the image it stands in for:
#   panel-offline/node      node 20 and npm (this machine's own) on Debian bookworm: NODE_IMAGE
#   panel-offline/postgres  POSTGRES_USER / _PASSWORD / _DB, data in /var/lib/postgresql/data, pg_isready
#   panel-offline/redis     redis-server listening on every address
#   panel-offline/haproxy   its configuration read from /usr/local/etc/haproxy/haproxy.cfg
# Then: NODE_IMAGE=panel-offline/node POSTGRES_IMAGE=panel-offline/postgres REDIS_IMAGE=panel-offline/redis \
#   HAPROXY_IMAGE=panel-offline/haproxy pnpm exec tsx deploy/replicas/compose-check.ts
# Needs root, debootstrap (Debian: apt-get install -y debootstrap) and a running Docker daemon.
set -euo pipefail
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mirror=${DEBIAN_MIRROR:-http://deb.debian.org/debian}

if ! docker image inspect panel-offline/bookworm >/dev/null 2>&1; then
  debootstrap --variant=minbase bookworm "$work/rootfs" "$mirror" >/dev/null
  tar -C "$work/rootfs" -c . | docker import - panel-offline/bookworm >/dev/null
  rm -rf "$work/rootfs"
fi

# A Debian package on the base, with what the image runs.
debian_image() {
  local name=$1 packages=$2 dockerfile_tail=$3
  mkdir -p "$work/$name"
  cat >"$work/$name/Dockerfile" <<EOF
FROM panel-offline/bookworm
RUN apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $packages >/dev/null && rm -rf /var/lib/apt/lists/*
$dockerfile_tail
EOF
  docker build -q --network host -t "panel-offline/$name" "$work/$name" >/dev/null
  echo "built panel-offline/$name"
}

# node: this machine's own Node.js and npm (the registry's pnpm is installed by the Dockerfile),
# and the certificate authorities it trusts (an egress proxy's among them, as on this machine).
mkdir -p "$work/node"
cp "$(command -v node)" "$work/node/node"
cp -r "$(dirname "$(readlink -f "$(command -v npm)")")/.." "$work/node/npm"
cp "${NODE_EXTRA_CA_CERTS:-/etc/ssl/certs/ca-certificates.crt}" "$work/node/ca-certificates.crt"
cat >"$work/node/Dockerfile" <<'EOF'
FROM panel-offline/bookworm
RUN apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends ca-certificates >/dev/null && rm -rf /var/lib/apt/lists/*
COPY ca-certificates.crt /etc/ssl/certs/ca-certificates.crt
ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt
COPY node /usr/local/bin/node
COPY npm /usr/local/lib/node_modules/npm
RUN ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm && ln -s ../lib/node_modules/npm/bin/npx-cli.js /usr/local/bin/npx
CMD ["node"]
EOF
docker build -q --network host -t panel-offline/node "$work/node" >/dev/null
echo "built panel-offline/node"

# postgres: the official image's environment, on Debian's PostgreSQL 15.
mkdir -p "$work/postgres"
cat >"$work/postgres/postgres-entry.sh" <<'EOF'
#!/bin/bash
set -e
export PATH=/usr/lib/postgresql/15/bin:$PATH PGDATA=/var/lib/postgresql/data
mkdir -p "$PGDATA" /run/postgresql && chown -R postgres:postgres "$PGDATA" /run/postgresql && chmod 700 "$PGDATA"
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  echo "$POSTGRES_PASSWORD" >/tmp/pw
  su postgres -c "initdb -U '$POSTGRES_USER' --pwfile=/tmp/pw --auth-local=trust --auth-host=scram-sha-256 -D '$PGDATA'" >/dev/null
  rm /tmp/pw
  echo "host all all all scram-sha-256" >>"$PGDATA/pg_hba.conf"
  su postgres -c "pg_ctl -D '$PGDATA' -o '-c listen_addresses=' -w start" >/dev/null
  if [ "$POSTGRES_DB" != postgres ]; then su postgres -c "psql -U '$POSTGRES_USER' -d postgres -c 'CREATE DATABASE \"$POSTGRES_DB\"'" >/dev/null; fi
  su postgres -c "pg_ctl -D '$PGDATA' -w stop" >/dev/null
fi
exec su postgres -c "postgres -D '$PGDATA' -c listen_addresses='*'"
EOF
chmod +x "$work/postgres/postgres-entry.sh"
debian_image postgres "postgresql-15" 'COPY postgres-entry.sh /usr/local/bin/
ENV PATH=/usr/lib/postgresql/15/bin:$PATH
CMD ["postgres-entry.sh"]'

debian_image redis "redis-server" 'CMD ["redis-server", "--bind", "0.0.0.0", "--protected-mode", "no", "--save", ""]'

debian_image haproxy "haproxy" 'CMD ["haproxy", "-db", "-f", "/usr/local/etc/haproxy/haproxy.cfg"]'
