# Shared by Scripts/keyring-tests and Scripts/benchmark-keyring: a throwaway Secret Service (gnome-keyring-daemon) on
# a private D-Bus session, so that no keyring of the user's is touched. Source it; it defines two functions.

# write_private_bus_config FILE [tcp]: a session bus configuration without service directories. Nothing is started by
# D-Bus activation (the system's org.freedesktop.secrets service file would start a second daemon with the user's real
# home), so the only Secret Service on the bus is the one start_keyring starts. With `tcp`, the bus also listens on
# 127.0.0.1, for clients that are to see a bus that is not the user's own (where a key read must keep libsecret's
# encrypted session): point DBUS_SESSION_BUS_ADDRESS at its tcp: address. They authenticate as ANONYMOUS (EXTERNAL
# needs a Unix socket), so any local user could connect while it runs: it holds only the throwaway keyring's test
# keys. Its Unix socket stays, for dbus-monitor, which the bus lets monitor only as a known user.
write_private_bus_config() {
  local listen="<listen>unix:tmpdir=/tmp</listen>
  <auth>EXTERNAL</auth>"
  if [[ "${2:-}" == "tcp" ]]; then
    listen="$listen
  <listen>tcp:host=127.0.0.1,bind=127.0.0.1,port=0</listen>
  <auth>ANONYMOUS</auth>
  <allow_anonymous/>"
  fi
  cat >"$1" <<CONF
<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>session</type>
  $listen
  <policy context="default">
    <allow send_destination="*" eavesdrop="true"/>
    <allow eavesdrop="true"/>
    <allow own="*"/>
  </policy>
</busconfig>
CONF
}

# start_keyring HOME: inside `dbus-run-session --config-file=FILE`, a gnome-keyring-daemon on that session bus with
# its keyrings under HOME, unlocked with a test password; returns once it serves a default collection (at most 10 s),
# exits 1 otherwise.
start_keyring() {
  local home="$1"
  export XDG_DATA_HOME="$home/data" XDG_RUNTIME_DIR="$home/runtime"
  mkdir -p "$XDG_DATA_HOME" && mkdir -m 700 -p "$XDG_RUNTIME_DIR"
  printf 'keyring-test-password' | HOME="$home" XDG_CACHE_HOME="$home/cache" gnome-keyring-daemon --unlock --components=secrets --daemonize >/dev/null
  local ready=0
  for _ in $(seq 1 100); do
    # Asking the bus whether the name has an owner starts nothing; only then is the service itself asked.
    if gdbus call --session --dest org.freedesktop.DBus --object-path /org/freedesktop/DBus \
      --method org.freedesktop.DBus.NameHasOwner org.freedesktop.secrets 2>/dev/null | grep -q true \
      && gdbus call --session --dest org.freedesktop.secrets --object-path /org/freedesktop/secrets \
        --method org.freedesktop.Secret.Service.ReadAlias default 2>/dev/null | grep -q '/collection/'; then
      ready=1
      break
    fi
    sleep 0.1
  done
  if [[ $ready -ne 1 ]]; then
    echo "gnome-keyring-daemon did not start a Secret Service with a default collection within 10 s" >&2
    exit 1
  fi
}
