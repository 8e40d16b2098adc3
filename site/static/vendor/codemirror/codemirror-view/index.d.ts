// Types only (the build skips .d.ts): the module here is @codemirror/view, vendored by builder/editor_vendor.py.
export * from '@codemirror/view';
