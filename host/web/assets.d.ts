// Stylesheets are bundled by rspack's CSS support; importing one only adds it to the page.
declare module '*.css';
