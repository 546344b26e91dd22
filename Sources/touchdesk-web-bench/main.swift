// Prints the web engine's timings until touchdesk-bench grows a `web` command that calls WebBench.
import Glibc
import TouchDeskWeb

func currentDirectory() -> String {
    guard let path = getcwd(nil, 0) else { return "/" }
    defer { free(path) }
    return String(cString: path)
}

let arguments = CommandLine.arguments.dropFirst()
guard let path = arguments.first else {
    print("usage: touchdesk-web-bench PATH/TO/assets/web/index.html [runs]")
    exit(2)
}
let runs = arguments.dropFirst().first.flatMap { Int($0) } ?? 15
let url = (try? WebURL.fromUserInput(path, currentDirectory: currentDirectory())) ?? WebURL(filePath: path)
for line in WebBench.run(startPage: url, runs: runs) { print(line) }
