import type { ReactNode } from 'react';
import { Link } from 'react-router';
import './error.css';

export function ErrorPage(props: { code: string; heading: string; title: string; text: string; extra?: ReactNode }) {
  return (
    <div className="error-page">
      <div className="error-code" aria-hidden="true">
        {props.code}
      </div>
      <div className="error-body">
        <h1>{props.heading}</h1>
        <h2>{props.title}</h2>
        <p>{props.text}</p>
        <div className="error-actions">
          {props.extra}
          <Link className="primary" to="/index">
            返回首页
          </Link>
        </div>
      </div>
    </div>
  );
}
