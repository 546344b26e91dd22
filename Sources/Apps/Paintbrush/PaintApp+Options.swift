import TouchDeskInterface
import TouchDeskModels
import TouchDeskToolkit

/// `touchdesk paint PICTURE.png`, and pictures a later launch or a drop brings.
extension PaintApp {
    public nonisolated static func check(_ options: AppOptions) throws(AppOptionError) {
        if let document = options.document, document.contains("://") {
            throw AppOptionError(tr("paint opens a PNG file, not a URL: {0}", echoed(document)))
        }
    }

    public func apply(_ options: AppOptions) throws(AppOptionError) {
        if let path = options.documentPath { open(path: path) }
    }

    public func finishBackgroundWork() throws(AppOptionError) {
        if let problem = finishOpening() { throw AppOptionError(problem) }
    }

    public func offer(document: String) -> Bool {
        offer(path: document)
        return true
    }
}
