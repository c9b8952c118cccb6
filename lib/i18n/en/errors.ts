/** Error pages and the messages every API call may answer with. */
export const errors = {
  titles: {
    notFound: "404 Page Not Found",
    forbidden: "Access Denied",
    tooMany: "Too Many Requests",
    busy: "Busy",
    server: "Something Went Wrong",
    bad: "Bad Request",
  },
  notFoundLines: ["We couldn't find the page you were looking for.", "Did you forget to add the page to the router?"],
  goHome: "Go Home",
  server: "Something went wrong on our side. Please try again.",
  refused: "Request refused.",
  notFound: "Not found",
  bad: "Bad request.",
  bodyTooLarge: "Request body is too large.",
  notJson: "Content-Type must be application/json.",
  bodyUnreadable: "Request body could not be read.",
  crossOrigin: "Cross-origin request refused.",
};
