// Starts Swagger UI on /docs from a file, not an inline script, so the page keeps the strict
// Content-Security-Policy; the bundle itself comes from this server (app/routes/docs.py).
const viewer = document.getElementById("viewer");
window.ui = window.SwaggerUIBundle({
  url: viewer.dataset.openapi,
  dom_id: "#viewer",
  layout: "BaseLayout",
  deepLinking: true,
  presets: [window.SwaggerUIBundle.presets.apis],
  validatorUrl: null, // the online validator would be a request to another site
});
