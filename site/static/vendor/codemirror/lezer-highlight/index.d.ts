// Types only (the build skips .d.ts): the module here is @lezer/highlight, vendored by builder/editor_vendor.py.
export * from '@lezer/highlight';
