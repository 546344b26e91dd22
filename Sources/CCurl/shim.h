#ifndef CCURL_SHIM_H
#define CCURL_SHIM_H

#include <curl/curl.h>

/* curl_easy_setopt and curl_easy_getinfo are variadic, which Swift cannot call. */

static inline CURLcode td_curl_set_long(CURL *curl, CURLoption option, long value) {
    return curl_easy_setopt(curl, option, value);
}

static inline CURLcode td_curl_set_off(CURL *curl, CURLoption option, curl_off_t value) {
    return curl_easy_setopt(curl, option, value);
}

static inline CURLcode td_curl_set_string(CURL *curl, CURLoption option, const char *value) {
    return curl_easy_setopt(curl, option, value);
}

static inline CURLcode td_curl_set_pointer(CURL *curl, CURLoption option, void *value) {
    return curl_easy_setopt(curl, option, value);
}

typedef size_t (*td_curl_write_fn)(char *data, size_t size, size_t count, void *user);
typedef int (*td_curl_progress_fn)(void *user, curl_off_t dltotal, curl_off_t dlnow, curl_off_t ultotal, curl_off_t ulnow);

static inline CURLcode td_curl_set_write(CURL *curl, td_curl_write_fn fn, void *user) {
    CURLcode rc = curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, fn);
    return rc != CURLE_OK ? rc : curl_easy_setopt(curl, CURLOPT_WRITEDATA, user);
}

static inline CURLcode td_curl_set_progress(CURL *curl, td_curl_progress_fn fn, void *user) {
    CURLcode rc = curl_easy_setopt(curl, CURLOPT_XFERINFOFUNCTION, fn);
    if (rc == CURLE_OK) rc = curl_easy_setopt(curl, CURLOPT_XFERINFODATA, user);
    return rc != CURLE_OK ? rc : curl_easy_setopt(curl, CURLOPT_NOPROGRESS, 0L);
}

static inline long td_curl_response_code(CURL *curl) {
    long code = 0;
    curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &code);
    return code;
}

static inline const char *td_curl_content_type(CURL *curl) {
    char *type = NULL;
    curl_easy_getinfo(curl, CURLINFO_CONTENT_TYPE, &type);
    return type;
}

static inline const char *td_curl_effective_url(CURL *curl) {
    char *url = NULL;
    curl_easy_getinfo(curl, CURLINFO_EFFECTIVE_URL, &url);
    return url;
}

static inline long td_curl_os_errno(CURL *curl) {
    long error = 0;
    curl_easy_getinfo(curl, CURLINFO_OS_ERRNO, &error);
    return error;
}

#endif
