import Testing
@testable import TouchDeskWeb
