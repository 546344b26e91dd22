// PNG (through cairo) and JPEG (through libjpeg) into cairo image surfaces.
#include "CWebEngine.h"

#include <cairo.h>
#include <csetjmp>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <vector>

extern "C" {
#include <jpeglib.h>
}

namespace {

enum Format { unknown, png, jpeg };

Format sniff(const unsigned char *bytes, size_t length) {
    static const unsigned char pngSignature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
    if (length >= 8 && std::memcmp(bytes, pngSignature, 8) == 0) return png;
    if (length >= 3 && bytes[0] == 0xff && bytes[1] == 0xd8 && bytes[2] == 0xff) return jpeg;
    return unknown;
}

struct PngReader {
    const unsigned char *bytes;
    size_t length;
    size_t offset;
};

cairo_status_t readPng(void *closure, unsigned char *data, unsigned int length) {
    auto *reader = static_cast<PngReader *>(closure);
    if (reader->length - reader->offset < length) return CAIRO_STATUS_READ_ERROR;
    std::memcpy(data, reader->bytes + reader->offset, length);
    reader->offset += length;
    return CAIRO_STATUS_SUCCESS;
}

cairo_surface_t *decodePng(const unsigned char *bytes, size_t length, int maxSide, int *status, int *width,
                           int *height) {
    // IHDR follows the signature: length, "IHDR", width, height (big-endian).
    if (length < 24 || std::memcmp(bytes + 12, "IHDR", 4) != 0) {
        *status = TD_WEB_IMAGE_CORRUPT;
        return nullptr;
    }
    auto be32 = [](const unsigned char *p) { return (uint32_t(p[0]) << 24) | (p[1] << 16) | (p[2] << 8) | p[3]; };
    uint32_t w = be32(bytes + 16), h = be32(bytes + 20);
    *width = int(w > 0x7fffffff ? 0x7fffffff : w);
    *height = int(h > 0x7fffffff ? 0x7fffffff : h);
    if (w > uint32_t(maxSide) || h > uint32_t(maxSide)) {
        *status = TD_WEB_IMAGE_TOO_LARGE;
        return nullptr;
    }
    PngReader reader{bytes, length, 0};
    cairo_surface_t *surface = cairo_image_surface_create_from_png_stream(readPng, &reader);
    if (cairo_surface_status(surface) != CAIRO_STATUS_SUCCESS) {
        cairo_surface_destroy(surface);
        *status = TD_WEB_IMAGE_CORRUPT;
        return nullptr;
    }
    *status = TD_WEB_IMAGE_OK;
    return surface;
}

struct JpegError {
    jpeg_error_mgr manager;
    std::jmp_buf jump;
};

void jpegFail(j_common_ptr info) {
    auto *error = reinterpret_cast<JpegError *>(info->err);
    std::longjmp(error->jump, 1);
}

void jpegQuiet(j_common_ptr, int) {}

cairo_surface_t *decodeJpeg(const unsigned char *bytes, size_t length, int maxSide, int *status, int *width,
                            int *height) {
    jpeg_decompress_struct info;
    JpegError error;
    info.err = jpeg_std_error(&error.manager);
    error.manager.error_exit = jpegFail;
    error.manager.emit_message = jpegQuiet;
    // Everything the longjmp may cross is created before setjmp or is plain data.
    cairo_surface_t *volatile surface = nullptr;
    std::vector<JSAMPLE> row;
    if (setjmp(error.jump)) {
        jpeg_destroy_decompress(&info);
        if (surface) cairo_surface_destroy(surface);
        *status = TD_WEB_IMAGE_CORRUPT;
        return nullptr;
    }
    jpeg_create_decompress(&info);
    jpeg_mem_src(&info, const_cast<unsigned char *>(bytes), (unsigned long)length);
    jpeg_read_header(&info, TRUE);
    *width = int(info.image_width);
    *height = int(info.image_height);
    if (int(info.image_width) > maxSide || int(info.image_height) > maxSide) {
        jpeg_destroy_decompress(&info);
        *status = TD_WEB_IMAGE_TOO_LARGE;
        return nullptr;
    }
    bool cmyk = info.jpeg_color_space == JCS_CMYK || info.jpeg_color_space == JCS_YCCK;
    info.out_color_space = cmyk ? JCS_CMYK : JCS_RGB;
    jpeg_start_decompress(&info);
    surface = cairo_image_surface_create(CAIRO_FORMAT_RGB24, int(info.output_width), int(info.output_height));
    if (cairo_surface_status(surface) != CAIRO_STATUS_SUCCESS) std::longjmp(error.jump, 1);
    unsigned char *pixels = cairo_image_surface_get_data(surface);
    int stride = cairo_image_surface_get_stride(surface);
    row.resize(size_t(info.output_width) * size_t(info.output_components));
    cairo_surface_flush(surface);
    while (info.output_scanline < info.output_height) {
        JSAMPROW rows[1] = {row.data()};
        unsigned int y = info.output_scanline;
        jpeg_read_scanlines(&info, rows, 1);
        auto *out = reinterpret_cast<uint32_t *>(pixels + size_t(y) * size_t(stride));
        for (unsigned int x = 0; x < info.output_width; ++x) {
            uint32_t r, g, b;
            if (cmyk) {
                // Adobe writes CMYK JPEGs inverted.
                const JSAMPLE *p = &row[x * 4];
                r = p[0] * p[3] / 255;
                g = p[1] * p[3] / 255;
                b = p[2] * p[3] / 255;
            } else {
                const JSAMPLE *p = &row[x * 3];
                r = p[0];
                g = p[1];
                b = p[2];
            }
            out[x] = 0xff000000u | (r << 16) | (g << 8) | b;
        }
    }
    jpeg_finish_decompress(&info);
    jpeg_destroy_decompress(&info);
    cairo_surface_mark_dirty(surface);
    *status = TD_WEB_IMAGE_OK;
    return surface;
}

}  // namespace

extern "C" {

int td_web_image_sniff(const unsigned char *bytes, size_t length) {
    return bytes && sniff(bytes, length) != unknown ? 1 : 0;
}

struct _cairo_surface *td_web_decode_image(const unsigned char *bytes, size_t length, int max_side,
                                           int *out_status, int *out_width, int *out_height) {
    int status = TD_WEB_IMAGE_UNKNOWN_FORMAT, width = 0, height = 0;
    cairo_surface_t *surface = nullptr;
    switch (bytes ? sniff(bytes, length) : unknown) {
    case png:
        surface = decodePng(bytes, length, max_side, &status, &width, &height);
        break;
    case jpeg:
        surface = decodeJpeg(bytes, length, max_side, &status, &width, &height);
        break;
    case unknown:
        break;
    }
    if (out_status) *out_status = status;
    if (out_width) *out_width = width;
    if (out_height) *out_height = height;
    return surface;
}

}  // extern "C"
