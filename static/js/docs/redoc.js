// Starts ReDoc on /redoc from a file, not an inline script (see static/js/docs/swagger.js).
const viewer = document.getElementById("viewer");
window.Redoc.init(viewer.dataset.openapi, { hideDownloadButton: false }, viewer);
