import DemoShellKit
import ShellModel
import Glibc

/// Ends the launcher's compilers (and the sessions of the demos it runs)
/// when the launcher ends, however it ends: killed with SIGKILL it runs no
/// code, and `swiftc` cannot be asked for PR_SET_PDEATHSIG as the shell's
/// own children are (`ParentWatch`), nor would that reach the
/// `swift-frontend` processes it starts in groups of their own.
///
/// A small `sh` reads the sessions to watch ("+PID", "-PID", one a line)
/// from a socket only the launcher holds. When the launcher is gone the
/// socket reads end-of-file, and it kills every process of the sessions
/// still listed. Each child leads a session of its own (`Subprocess`), so
/// its session id is its pid, and all it started that did not leave the
/// session is found in `/proc` by that id. What left the session is found
/// by the mark `Subprocess` gives each child in its environment: its
/// parents end with the launcher, so by then nothing in `/proc` but the
/// mark says whose it is.
@MainActor
final class SessionWatchdog {
    /// The launcher's one watchdog is its `ChildSupervisor`'s, started with
    /// the first session to watch.
    init() {}

    private var socket: Int32 = -1
    private(set) var process: Subprocess?

    /// Run as `sh -c script watchdog TOKEN` (`Subprocess.markToken`). It
    /// never kills itself, any of its ancestors or what shares a session
    /// with one of them, whatever the lists say: not the launcher, nor what
    /// started it (a terminal, a test runner) and its siblings, as they
    /// were when it started and as they are when it kills.
    static let script = """
        trap '' HUP INT TERM PIPE
        mark="^\(Subprocess.markVariable)=$1\\."
        unset \(Subprocess.markVariable)
        ancestors() {
          p=$$
          while [ "$p" -gt 1 ] 2>/dev/null; do
            case $kept_safe in *" $p "*) ;; *) kept_safe="$kept_safe$p " ;; esac
            fields=''
            read -r fields 2>/dev/null < "/proc/$p/stat" || break
            set -f
            set -- ${fields##*') '}
            set +f
            p=$2
            case $kept_sessions in *" $4 "*) ;; *) kept_sessions="$kept_sessions$4 " ;; esac
          done
        }
        kept_safe=' '
        kept_sessions=' '
        ancestors
        sessions=' '
        while IFS= read -r line; do
          case $line in
            +*) sessions="$sessions${line#+} " ;;
            -*) kept=' '
                for s in $sessions; do [ "$s" = "${line#-}" ] || kept="$kept$s "; done
                sessions=$kept ;;
          esac
        done
        [ "$sessions" = ' ' ] && exit 0
        ancestors
        end() {
          case $kept_safe in *" $1 "*) return 1 ;; esac
          kill -9 "$1" 2>/dev/null
        }
        pass=0
        while [ $pass -lt 5 ]; do
          found=0
          for stat in /proc/[0-9]*/stat; do
            fields=''
            read -r fields 2>/dev/null < "$stat" || continue
            set -f
            set -- ${fields##*') '}
            set +f
            case $kept_sessions in *" $4 "*) continue ;; esac
            case $sessions in
              *" $4 "*) pid=${stat#/proc/}; end "${pid%/stat}" && found=1 ;;
            esac
          done
          for environment in $(grep -lsz "$mark" /proc/[0-9]*/environ); do
            pid=${environment#/proc/}
            end "${pid%/environ}" && found=1
          done
          [ $found = 0 ] && break
          pass=$((pass + 1))
        done
        """

    /// Kills session `id` (a child's pid) if the launcher ends before `forget(id)`.
    func watch(_ id: Int32) {
        guard startIfNeeded() else { return }
        send("+\(id)\n")
    }

    /// The session ended, or was ended by the launcher: no longer watched.
    func forget(_ id: Int32) {
        guard socket >= 0 else { return }
        send("-\(id)\n")
    }

    /// What the launcher's death does, for a test: the watchdog reads the
    /// end, kills what it watches and exits.
    func endAsIfTheLauncherDied() {
        guard socket >= 0 else { return }
        close(socket)
        socket = -1
    }

    private func startIfNeeded() -> Bool {
        if socket >= 0 { return true }
        var pair: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &pair) == 0 else {
            return false
        }
        defer { close(pair[1]) }
        switch Subprocess.start(["/bin/sh", "-c", Self.script, "watchdog", Subprocess.markToken], input: pair[1]) {
        case .failure(let error):
            printError("demo-shell: the watchdog of the launcher’s compilers cannot be started: \(error.message)")
            close(pair[0])
            return false
        case .success(let started):
            process = started
            socket = pair[0]
            started.onOutput { _, bytes in writeStandardError(String(decoding: bytes, as: UTF8.self)) }
            started.onExit { [weak self] _ in
                guard let self, self.process === started else { return }
                self.process = nil
                if self.socket >= 0 {
                    close(self.socket)
                    self.socket = -1
                }
            }
            return true
        }
    }

    private func send(_ text: String) {
        var bytes = Array(text.utf8)
        let sent = bytes.withUnsafeMutableBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        if sent != bytes.count {
            printError("demo-shell: the watchdog of the launcher’s compilers did not take “\(text.dropLast())”")
        }
    }
}
