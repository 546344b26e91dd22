public enum TestSupport {}
