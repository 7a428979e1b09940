#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The regular files under a folder, read with `opendir`/`lstat` alone.
///
/// NB: Foundation's directory enumerator gathers every attribute of every file, and on Linux
/// its owner and group names cost a user-database lookup each (reading /etc/nsswitch.conf,
/// /etc/passwd and /etc/group): fingerprinting the shipped folders at start-up spent tens of
/// milliseconds there, for the sizes and types asked for.
package enum FileTree {
    package struct File: Sendable, Equatable {
        /// The path relative to the walked folder ("en/_common.yaml").
        package var path: String
        /// The size in bytes.
        package var size: Int
        /// When it was last written: nanoseconds since 1970 (a service watching its grammars
        /// compares these).
        package var modified: Int

        init(path: String, status: stat) {
            self.path = path
            size = Int(status.st_size)
            modified = Int(status.st_mtim.tv_sec) &* 1_000_000_000 &+ Int(status.st_mtim.tv_nsec)
        }
    }

    /// Every regular file below `root` (symbolic links neither followed nor listed), sorted
    /// by relative path; empty when `root` is no readable folder.
    package static func regularFiles(under root: String) -> [File] {
        var files: [File] = []
        walk(root, relative: "", into: &files)
        files.sort { $0.path < $1.path }
        return files
    }

    /// The regular file at `path` (its path as given), or nil when it is none.
    package static func file(at path: String) -> File? {
        var status = stat()
        guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        return File(path: path, status: status)
    }

    /// The total size of the regular files below `root`.
    package static func totalSize(under root: String) -> Int {
        var files: [File] = []
        walk(root, relative: "", into: &files)
        return files.reduce(0) { $0 + $1.size }
    }

    private static func walk(_ folder: String, relative: String, into files: inout [File]) {
        guard let directory = opendir(folder) else { return }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        for name in names {
            let path = folder.hasSuffix("/") ? folder + name : folder + "/" + name
            let child = relative.isEmpty ? name : relative + "/" + name
            var status = stat()
            guard lstat(path, &status) == 0 else { continue }
            switch status.st_mode & S_IFMT {
            case S_IFREG: files.append(File(path: child, status: status))
            case S_IFDIR: walk(path, relative: child, into: &files)
            default: continue
            }
        }
    }
}
