#!/usr/bin/env python3
"""The playground page of `intentparse serve`, in a real browser (headless Chromium via Selenium).

    playground_test.py URL [--screenshot FILE]

Types sentences as a person would and checks what the page shows: the intent, app and score,
each slot marked in the sentence with its value, the trace of a rejected line, a conversation,
the grammar's diagnostics. Exits 1 with the first difference. `CLIServeTests` starts the
service and runs this; `--screenshot` saves the page after a sentence and two turns of a conversation (the README's
picture).
"""
import argparse
import sys

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import WebDriverWait


def browser():
    options = Options()
    options.binary_location = "/usr/bin/chromium"
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1280,860"]:
        options.add_argument(argument)
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)


def check(condition, message):
    if not condition:
        raise AssertionError(message)


def main():
    arguments = argparse.ArgumentParser()
    arguments.add_argument("url")
    arguments.add_argument("--screenshot")
    options = arguments.parse_args()
    driver = browser()
    wait = WebDriverWait(driver, 15)
    text = lambda element_id: driver.find_element(By.ID, element_id).text
    try:
        driver.get(options.url)
        # The grammar's report, and the locales it serves in the menu.
        wait.until(lambda _: text("diagnostics-summary").startswith("Generation 1"))
        locales = [option.get_attribute("value") for option in driver.find_elements(By.CSS_SELECTOR, "#locale option")]
        check("en" in locales and "fr" in locales, f"locales in the menu: {locales}")

        def parse(sentence):
            field = driver.find_element(By.ID, "utterance")
            field.clear()
            field.send_keys(sentence)
            driver.find_element(By.ID, "parse").click()

        # A line no template takes: the reason and the templates that came nearest.
        parse("send Bobo a purple dishwasher")
        wait.until(lambda _: text("intent") == "rejected")
        trace = text("explain-trace")
        check("nearest 1: INSendMessageIntent" in trace and 'stopped at "purple"' in trace, f"trace: {trace}")
        check(not driver.find_elements(By.CSS_SELECTOR, "#sentence mark.slot"), "no slot is marked in a rejected line")

        parse("MonkeyChat Bobo please send more bananas")
        wait.until(lambda _: text("intent") == "INSendMessageIntent")
        check(text("app-name").startswith("MonkeyChat"), f"app: {text('app-name')!r}")
        check(0 < float(text("score")) <= 1, f"score: {text('score')!r}")
        marks = {
            mark.get_attribute("data-slot"): driver.execute_script("return arguments[0].firstChild.textContent", mark)
            for mark in driver.find_elements(By.CSS_SELECTOR, "#sentence mark.slot")
        }
        check(marks == {"recipients": "Bobo", "content": "send more bananas"}, f"marked slots: {marks}")
        check(driver.find_element(By.ID, "sentence").get_attribute("textContent").startswith("MonkeyChat Bobo"), "the sentence")
        rows = [row.text for row in driver.find_elements(By.CSS_SELECTOR, "#slots tbody tr")]
        check(any(row.startswith("content send more bananas") for row in rows), f"slot table: {rows}")

        # A conversation: the service asks for what is missing, in turn.
        def say(line):
            field = driver.find_element(By.ID, "dialog-input")
            field.send_keys(line)
            driver.find_element(By.ID, "dialog-send").click()

        say("send a message with MonkeyChat")
        wait.until(lambda _: "Who do you want to message?" in text("dialog-log"))
        check(text("dialog-session").startswith("Session "), f"session: {text('dialog-session')!r}")
        say("Coco")
        wait.until(lambda _: len(driver.find_elements(By.CSS_SELECTOR, "#dialog-log .turn.assistant")) == 2)
        last = driver.find_elements(By.CSS_SELECTOR, "#dialog-log .turn.assistant")[-1].text
        check("needsValue" in last and "INSendMessageIntent" in last, f"second answer: {last!r}")
        if options.screenshot:
            driver.save_screenshot(options.screenshot)
        driver.find_element(By.ID, "dialog-new").click()
        wait.until(lambda _: text("dialog-log") == "" and text("dialog-session") == "")
        print("playground: all checks passed")
    except Exception as error:  # the first difference, with what the page showed
        print(f"playground: {type(error).__name__}: {error}", file=sys.stderr)
        print(driver.find_element(By.TAG_NAME, "body").text[:2000], file=sys.stderr)
        sys.exit(1)
    finally:
        driver.quit()


if __name__ == "__main__":
    main()
