// Types only (the build skips .d.ts): the module here is @codemirror/lang-python, vendored by builder/editor_vendor.py.
export * from '@codemirror/lang-python';
