// GET /template/ and GET /template/{template_id}.
import { TEMPLATES } from "./catalogue";
import type { Route } from "./context";
import { sendJson, ServiceError } from "./http";
import { templateDetail, templateListItem } from "./present";

export const templateRoutes: Route[] = [
  {
    method: "GET",
    pattern: /^\/template\/$/,
    handler: async ({ res }, deps) =>
      sendJson(
        res,
        200,
        TEMPLATES.map((t) => templateListItem(t, deps)),
      ),
  },
  {
    method: "GET",
    pattern: /^\/template\/([^/]+)$/,
    handler: async ({ res, params: [id] }, deps) => {
      const template = TEMPLATES.find((t) => String(t.id) === id.trim());
      if (!template) throw new ServiceError(404, `Template with ID ${id} does not exist`);
      sendJson(res, 200, templateDetail(template, deps));
    },
  },
];
