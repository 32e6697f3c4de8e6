import { Frame, useFrameHeight } from '../../../layout/AppMain/InnerLinkFrames';
import { baseURL } from '../../../utils/request';

/**
 * 系统接口: the server's Swagger UI in a frame, as RuoYi does. The frame is on the console's origin and
 * its page sends the signed-in user's token with every call (server infra/swagger.ts), so "Try it out"
 * acts with the user's own permissions and the token never goes into the frame's URL.
 */
export default function SwaggerPage() {
  const height = useFrameHeight();
  return <Frame src={`${baseURL}/swagger-ui/`} visible height={height} />;
}
