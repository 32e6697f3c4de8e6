/** A route record as GET /getRouters returns it (RouterVo of the wire contract §9.2). */
export interface RouteMeta {
  title: string;
  icon?: string;
  noCache?: boolean;
  link?: string | null;
}

export interface ServerRoute {
  name?: string;
  path: string;
  hidden: boolean;
  redirect?: string;
  component?: string;
  /** JSON string of query parameters to append when navigating. */
  query?: string;
  alwaysShow?: boolean;
  meta?: RouteMeta;
  children?: ServerRoute[];
  permissions?: string[];
  roles?: string[];
}

/** What a client route carries in its react-router `handle`, read by the tags view, breadcrumb and title. */
export interface RouteHandle {
  title?: string;
  icon?: string;
  /** Not kept alive when true. */
  noCache?: boolean;
  /** Pinned tab that cannot be closed. */
  affix?: boolean;
  /** External address shown in the InnerLink frame. */
  link?: string | null;
  /** Sidebar entry highlighted while this (hidden) route is open. */
  activeMenu?: string;
  hidden?: boolean;
}
