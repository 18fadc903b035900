import { Link } from 'react-router';
import './error-page.css';

/** The spec's 404 page (§2): the texts, the address that was asked for, and the two ways out. */
export function NotFound({ path }: { path: string }) {
  return (
    <ErrorLayout
      code="Ошибка 404"
      title="Страница не найдена"
      text="Неправильно набран адрес или такой страницы не существует"
      detail={path}
    />
  );
}

/** Anything else that went wrong while building the page. */
export function UnexpectedError({ status }: { status?: number }) {
  return (
    <ErrorLayout
      code={status ? `Ошибка ${status}` : 'Ошибка'}
      title="Что-то пошло не так"
      text="Мы уже знаем о проблеме. Обновите страницу через минуту или вернитесь на главную."
    />
  );
}

interface ErrorLayoutProps {
  code: string;
  title: string;
  text: string;
  detail?: string;
}

function ErrorLayout({ code, title, text, detail }: ErrorLayoutProps) {
  return (
    <div className="container error-page">
      <p className="error-page__code">{code}</p>
      <h1 className="error-page__title">{title}</h1>
      <p className="error-page__text">{text}</p>
      {detail && (
        <p className="error-page__detail">
          Адрес: <code>{detail}</code>
        </p>
      )}
      <div className="error-page__actions">
        <Link to="/" className="button button--primary">
          На главную
        </Link>
        <Link to="/catalog" className="button button--quiet">
          В каталог
        </Link>
      </div>
    </div>
  );
}
