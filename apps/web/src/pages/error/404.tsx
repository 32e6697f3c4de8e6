import { ErrorPage } from './ErrorPage';

export default function NotFound() {
  return (
    <ErrorPage
      code="404"
      heading="404错误!"
      title="找不到网页！"
      text="对不起，您正在寻找的页面不存在。请检查您输入的网址是否正确，或点击下面的按钮返回首页。"
    />
  );
}
