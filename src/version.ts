/** trt-ci's own version (a test holds it equal to package.json's). */
export const VERSION = '0.2.0';
