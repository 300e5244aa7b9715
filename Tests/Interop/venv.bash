# Sourced by Scripts/interop and Scripts/interop-external: makes .venv-interop/ hold exactly the versions pinned in
# Tests/Interop/requirements.txt (rebuilt whenever that file changes) and sets $python to its interpreter.
# Needs $root (the repository), and functions step and die from the sourcing script.

interop_requirements="$root/Tests/Interop/requirements.txt"
venv="$root/.venv-interop"
python="$venv/bin/python"
stamp="$(sha256sum "$interop_requirements" | cut -d' ' -f1)"
if [[ ! -x "$python" ]] || [[ "$(cat "$venv/.requirements-sha256" 2>/dev/null)" != "$stamp" ]]; then
  step "Installing $(grep -v '^#' "$interop_requirements" | tr '\n' ' ')into .venv-interop"
  rm -rf "$venv"
  python3 -m venv "$venv" || die "python3 -m venv failed (Debian: apt-get install python3-venv)"
  "$venv/bin/pip" install --quiet --disable-pip-version-check -r "$interop_requirements" \
    || die "pip could not install Tests/Interop/requirements.txt"
  echo "$stamp" >"$venv/.requirements-sha256"
fi
"$python" - "$interop_requirements" <<'PY' || die "the venv does not hold the pinned versions (delete .venv-interop)"
import sys
from importlib.metadata import version
for line in open(sys.argv[1]):
    line = line.split("#")[0].strip()
    if line:
        name, pinned = line.split("==")
        if version(name) != pinned:
            sys.exit(f"{name} {version(name)} is not the pinned {pinned}")
PY
