// Types only (the build skips .d.ts): the module here is @codemirror/state, vendored by builder/editor_vendor.py.
export * from '@codemirror/state';
