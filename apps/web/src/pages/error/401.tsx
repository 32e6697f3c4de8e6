import { useNavigate, useSearchParams } from 'react-router';
import { ErrorPage } from './ErrorPage';

export default function Unauthorized() {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const back = () => void (search.has('noGoBack') ? navigate('/') : navigate(-1));
  return (
    <ErrorPage
      code="401"
      heading="401错误!"
      title="您没有访问权限！"
      text="对不起，您没有访问权限，请不要进行非法操作！您可以返回主页面"
      extra={
        <button type="button" className="plain" onClick={back}>
          返回
        </button>
      }
    />
  );
}
